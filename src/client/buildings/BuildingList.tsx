// placeholder — being written
import type { ModuleCode } from '../../../schemas/standards';
export default function BuildingList(_props: { module?: ModuleCode }) {
  return null;
}
