// The calculation method of a stage with x-stage.methods: radio buttons bound to the building's
// stageMethods[code]; a change PUTs <path>/method, which stores it and recalculates the building.
import { useState } from 'react';
import { CircularProgress, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { MSG } from '../constants';
import { errorMessage } from '../admin/useConfirmedAction';
import { METHOD_FIELD, type StageDef } from './stageDefs';
import { putStageMethod } from './stageApi';
import { stageKeys } from './stageQueries';

export const MethodPicker = ({ def, projectId, value }: { def: StageDef; projectId: number; value: string }) => {
  const notify = useNotify();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const label = def.schema.properties[METHOD_FIELD]?.title ?? '计算方式';
  const labelId = `stage-method-${def.code}`;

  const change = async (method: string) => {
    setBusy(true);
    try {
      const building = await putStageMethod(def.path, projectId, method);
      client.setQueryData(stageKeys.building(projectId), building);
      notify(MSG.saved, { type: 'success' });
      await client.invalidateQueries({ queryKey: stageKeys.data(projectId) });
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormControl sx={{ mb: 1 }} disabled={busy}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <FormLabel id={labelId}>{label}</FormLabel>
        <RadioGroup row aria-labelledby={labelId} value={value} onChange={(e) => void change(e.target.value)}>
          {def.meta.methods!.map((m) => (
            <FormControlLabel key={m.value} value={m.value} control={<Radio size="small" />} label={m.label} />
          ))}
        </RadioGroup>
        {busy && <CircularProgress size={18} />}
      </Stack>
    </FormControl>
  );
};
