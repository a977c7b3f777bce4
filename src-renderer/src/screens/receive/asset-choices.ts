import { assetNetworks, findAssetNetwork, networks } from '../../../../src-preload/contract/asset-table';

/** One wallet a person can receive to: the service's code, the asset it is of, and its network's name. */
export interface ReceiveChoice {
  readonly code: string;
  readonly asset: string;
  readonly network: string;
}

/** The asset table's wallets, in table order. */
const tableChoices: readonly ReceiveChoice[] = assetNetworks.map((entry) => ({
  code: entry.code,
  asset: entry.asset,
  network: networks[entry.network].name,
}));

/**
 * The table's wallets, then every wallet the service lists on a network the app does not know (its code
 * stands for the asset, as nothing else is known of it): the service's list is the truth about what exists.
 */
export function receiveChoices(
  listed: readonly { readonly code: string; readonly network: string }[] | null,
): ReceiveChoice[] {
  const beyond = (listed ?? [])
    .filter((wallet) => findAssetNetwork(wallet.code) === undefined)
    .map((wallet) => ({ code: wallet.code, asset: wallet.code, network: wallet.network }));
  return [...tableChoices, ...beyond];
}

/** Assets in the choices' order, each once (BTC, LTC, ETH, USDT, USDC, BNB, …). */
export function assetsOf(choices: readonly ReceiveChoice[]): string[] {
  return [...new Set(choices.map((choice) => choice.asset))];
}

export function networksOf(choices: readonly ReceiveChoice[], asset: string): ReceiveChoice[] {
  return choices.filter((choice) => choice.asset === asset);
}

/** "USDT on Ethereum Mainnet": what a person chooses, with the service's code alongside. */
export function describeChoice(choice: ReceiveChoice): string {
  return `${choice.asset} on ${choice.network}`;
}

export function assetOf(code: string): string {
  return findAssetNetwork(code)?.asset ?? code;
}
