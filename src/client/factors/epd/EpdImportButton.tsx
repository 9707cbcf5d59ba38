// 导入EPD on the factor library's list (a list action of the resource: shown to those who may write the library).
import { Button } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Link } from 'react-router-dom';
import { EPD_IMPORT_PATH } from '../routes';

export const EpdImportButton = () => (
  <Button size="small" startIcon={<UploadFileIcon />} component={Link} to={EPD_IMPORT_PATH}>
    导入EPD
  </Button>
);
