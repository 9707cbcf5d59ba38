// placeholder — being written
import type { ModuleCode } from '../../../schemas/standards';
export default function EngineeringList(_props: { module?: ModuleCode }) {
  return null;
}
