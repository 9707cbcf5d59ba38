// Form state of the account forms: the values, the error per field, and a change that clears the changed
// field's error (and the form message) as the user corrects it.
import { useState } from 'react';
import type { Errors } from './rules';

export function useFields<V extends { [K in keyof V]: string }>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const change = (field: keyof V & string, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => {
      if (!(field in e)) return e;
      const next = { ...e };
      delete next[field];
      return next;
    });
  };
  /** TextField props for one field: value, onChange, error, helperText. */
  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => change(name, e.target.value),
    error: !!errors[name],
    helperText: errors[name],
  });
  return { values, setValues, errors, setErrors, change, field };
}
