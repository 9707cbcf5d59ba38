// placeholder — being written
import type { ModuleCode } from '../../../schemas/standards';
export default function StagePage(_props: { module?: ModuleCode }) {
  return null;
}
