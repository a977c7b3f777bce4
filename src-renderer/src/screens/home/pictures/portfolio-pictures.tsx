import type { PortfolioWallet } from '../../../../../src-preload/contract/portfolio';
import { AllocationFigure } from './allocation-figure';
import { FlowsFigure } from './flows-figure';

/** Home's two pictures, one chunk loaded after the balances are drawn (home-screen.tsx). */
export default function PortfolioPictures({
  wallets,
  accountGuid,
}: {
  wallets: readonly PortfolioWallet[];
  accountGuid: string;
}): React.JSX.Element {
  return (
    <>
      <AllocationFigure wallets={wallets} />
      <FlowsFigure accountGuid={accountGuid} />
    </>
  );
}
