// 新建单体: a small menu of the three modules (估算 / 概预算 / 核算); each opens that module's building form for
// this engineering project: /{module}/project/info?engineeringId={id}. The engineering project is also kept
// for the session, so the form can preselect it.
import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import AddHomeWorkIcon from '@mui/icons-material/AddHomeWorkOutlined';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import type { RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { MODULES } from '../../../schemas/standards';
import { setCurrentEngineering } from '../session/currentBuilding';

export const monomerPath = (module: string, engineeringId: RaRecord['id']) =>
  `/${module}/project/info?engineeringId=${encodeURIComponent(String(engineeringId))}`;

export const CreateMonomerButton = ({ record }: { record: RaRecord }) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const menuId = `create-monomer-${record.id}`;
  return (
    <>
      <Button
        size="small"
        startIcon={<AddHomeWorkIcon />}
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        新建单体
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {MODULES.map((m) => (
          <MenuItem
            key={m.code}
            onClick={() => {
              setAnchor(null);
              setCurrentEngineering({ id: Number(record.id), name: String(record.name ?? '') });
              navigate(monomerPath(m.code, record.id));
            }}
          >
            {m.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
