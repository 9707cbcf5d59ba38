// placeholder — being written
import type { ModuleCode } from '../../../../schemas/standards';
export default function BuildingForm(_props: { module?: ModuleCode }) {
  return null;
}
