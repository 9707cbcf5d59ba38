// Importing this folder registers every rule that sends notifications; notifyRoutes adds the inbox's routes.
import './inbox';
import './notices';
import './collaborators';
import './factorChanged';
import './imports';

export { notifyRoutes } from './routes';
