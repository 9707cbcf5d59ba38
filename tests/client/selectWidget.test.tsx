// The app's select widget (admin/form/SelectWidget.tsx): a required enum offers only its values — no
// blank option (用能系统 of a runtime row offered one) — and an optional enum offers first a choice labelled 未选择.
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import Form from '@rjsf/mui';
import { AdminContext, testDataProvider } from 'react-admin';
import { FORM_WIDGETS } from '../../src/client/admin/form/widgets';
import { validator } from '../../src/client/admin/form/validator';
import { toRjsf } from '../../src/client/admin/form/toRjsf';
import { StageSchemaForm } from '../../src/client/stages/StageSchemaForm';
import { stageDef } from '../../src/client/stages/stageDefs';
import { RUNTIME_PARTS } from '../../schemas/stages/runtime';

/** The options of the select labelled `label`, opened. */
function options(label: RegExp): string[] {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  return within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.textContent ?? '');
}

const schema = {
  type: 'object',
  required: ['kind'],
  properties: {
    kind: { type: 'string', title: '类型', enum: ['a', 'b'] },
    extra: { type: 'string', title: '附加', enum: ['x', 'y'] },
  },
} as const;

function Plain({ seen }: { seen: (d: Record<string, unknown>) => void }) {
  const [data, setData] = useState<Record<string, unknown>>({ extra: 'x' });
  return (
    <Form
      schema={toRjsf(schema)}
      uiSchema={{ kind: { 'ui:enumNames': ['甲', '乙'] }, extra: { 'ui:enumNames': ['某', '另'] } }}
      widgets={FORM_WIDGETS}
      validator={validator}
      formData={data}
      onChange={(e) => {
        setData(e.formData);
        seen(e.formData);
      }}
    />
  );
}

describe('SelectWidget', () => {
  it('a required enum offers only its values; an optional one a labelled 未选择 that clears it', () => {
    let last: Record<string, unknown> = {};
    render(<Plain seen={(d) => (last = d)} />);
    expect(options(/^类型/)).toEqual(['甲', '乙']);
    fireEvent.click(screen.getByRole('option', { name: '乙' }));
    expect(last.kind).toBe('b');
    expect(options(/^附加/)).toEqual(['未选择', '某', '另']);
    fireEvent.click(screen.getByRole('option', { name: '未选择' }));
    expect(last.extra).toBeUndefined();
  });

  it('用能系统 of a runtime row (required, x-dict runtimePart): its parts and no blank option', async () => {
    const labels: Record<string, string> = Object.fromEntries(RUNTIME_PARTS.map((p, i) => [p, `系统${i + 1}`]));
    const dataProvider = {
      ...testDataProvider(),
      getDictDropDown: async (code: string) => (code === 'runtimePart' ? labels : {}),
    };
    const Row = () => {
      const [data, setData] = useState<Record<string, unknown>>({ projectId: 7, method: 'systems', part: 'airHot' });
      return <StageSchemaForm def={stageDef('runtime')!} formData={data} onChange={setData} />;
    };
    render(
      <AdminContext dataProvider={dataProvider}>
        <Row />
      </AdminContext>,
    );
    // the labels come with the dictionary
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^用能系统/ })).toHaveTextContent('系统1'));
    expect(options(/^用能系统/)).toEqual(Object.values(labels));
  });
});
