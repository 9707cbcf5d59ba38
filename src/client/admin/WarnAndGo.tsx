// Why a page cannot open, said once as a warning, then elsewhere (replacing the history entry): e.g. no building
// selected → the module's building list.
import { useEffect, useRef } from 'react';
import { useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';

export const WarnAndGo = ({ message, to }: { message: string; to: string }) => {
  const notify = useNotify();
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    notify(message, { type: 'warning' });
    navigate(to, { replace: true });
  }, [message, to, notify, navigate]);
  return null;
};
