export { createPortfolioHandlers } from './portfolio-handlers';
export { toPortfolioView } from './portfolio-view';
