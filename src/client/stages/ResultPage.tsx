// /{module}/result: the result page lives in ../results (charts lazy-loaded there).
export { ResultPage, default } from '../results/ResultPage';
export { fixed2 } from '../results/resultModel';
