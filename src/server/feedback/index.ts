// Importing this folder registers the feedback rules; feedbackRoutes adds the screenshot upload.
import './rules';

export { feedbackRoutes } from './screenshot';
