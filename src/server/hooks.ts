// The domain rules the generic repository runs (db/hooks.ts): importing this module registers every domain folder's
// rules, then tells the repository they are in. app.ts imports it, and so does every entry point that writes
// through repositories without the app (the seed, scripts).
import './accounts/userHooks';
import './accounts/tenantHooks';
import './settings/configHooks';
import './buildings/engineeringHooks';
import './buildings/buildingHooks';
import './review/buildingRules';
import './stages/factorCopy';
import './stages/rowRules';
import './factors/label';
import { markHooksRegistered } from './db/hooks';

markHooksRegistered();
