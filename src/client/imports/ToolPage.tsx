// The kit an import source is built on: the page's frame (below), the building's header (BuildingHeader), the
// building picker (BuildingPicker), the upload card (UploadCard), the import's run (useImportRun), the shared calls
// (importApi.ts) and texts (texts.ts). Each source (the BIM model, the budget file) brings its own file, calls, steps
// and words.
//
// The frame of a page that imports a file into one building (/bim, /bill): its title, and either the building's
// work (?id=<building>&job=<job>, both kept in the URL so a reload keeps the report) or, without a valid id, the
// page's building picker.
import type { ReactNode } from 'react';
import { Alert, Box, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useSearchParams } from 'react-router-dom';

const positiveInt = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null);

export const BuildingToolPage = ({
  title,
  picker,
  children,
}: {
  title: string;
  picker: ReactNode;
  children: (id: number, jobId: number | null) => ReactNode;
}) => {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = positiveInt(raw);
  const jobId = positiveInt(params.get('job'));
  return (
    <Box sx={{ py: 2, maxWidth: 1600, minWidth: 0 }}>
      <Title title={title} />
      {id !== null ? (
        children(id, jobId)
      ) : (
        <>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          {raw !== null && (
            <Alert severity="error" sx={{ mb: 2 }}>
              单体建筑不存在，请重新选择
            </Alert>
          )}
          {picker}
        </>
      )}
    </Box>
  );
};
