import type { PortfolioWallet } from '../../../../../src-preload/contract/portfolio';
import { AllocationFigure } from './allocation-figure';
import { FlowsFigure } from './flows-figure';
import { ValueFigure } from './value-figure';

/** Home's pictures, one chunk loaded after the balances are drawn (home-screen.tsx). */
export default function PortfolioPictures({
  wallets,
  accountGuid,
  fetchedAt,
  fresh,
}: {
  wallets: readonly PortfolioWallet[];
  accountGuid: string;
  fetchedAt: string;
  fresh: boolean;
}): React.JSX.Element {
  return (
    <>
      <ValueFigure wallets={wallets} accountGuid={accountGuid} fetchedAt={fetchedAt} fresh={fresh} />
      <AllocationFigure wallets={wallets} />
      <FlowsFigure accountGuid={accountGuid} />
    </>
  );
}
