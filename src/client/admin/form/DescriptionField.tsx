// A field's description under its input, as a paragraph: rjsf's MUI template draws it as an h6, which would put
// a heading (说明文字 such as 如 MJ/kg、GJ/t、MJ/m3) into the page's outline between the form's real headings.
import { Typography } from '@mui/material';
import { RichDescription } from '@rjsf/core';
import type { DescriptionFieldProps } from '@rjsf/utils';

export const DescriptionField = ({ id, description, registry, uiSchema }: DescriptionFieldProps) =>
  description ? (
    <Typography id={id} variant="body2" component="p" color="text.secondary" sx={{ mt: 0.625 }}>
      <RichDescription description={description} registry={registry} uiSchema={uiSchema} />
    </Typography>
  ) : null;
