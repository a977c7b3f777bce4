import { useId } from 'react';
import { useText } from '../../i18n/use-text';

export interface AssetNetworkPickerProps {
  /** "From" or "To": names the asset's select. */
  readonly side: string;
  /** Names the network's select ("From network"). */
  readonly networkLabel: string;
  readonly symbol: string;
  readonly network: string;
  readonly symbolPlaceholder: string;
  readonly symbols: readonly string[];
  readonly symbolDisabled?: boolean;
  /** The networks of the chosen asset; undefined until one is chosen (the network select is disabled). */
  readonly networks: readonly string[] | undefined;
  readonly onSymbolChange: (symbol: string) => void;
  readonly onNetworkChange: (network: string) => void;
}

/** One side of a swap: the asset, then its network. */
export function AssetNetworkPicker(props: AssetNetworkPickerProps): React.JSX.Element {
  const symbolId = useId();
  const networkId = useId();
  const t = useText();
  return (
    <div className="row swap-side">
      <div>
        <label htmlFor={symbolId}>{props.side}</label>
        <select
          id={symbolId}
          value={props.symbol}
          disabled={props.symbolDisabled}
          onChange={(event) => props.onSymbolChange(event.target.value)}
        >
          <option value="">{props.symbolPlaceholder}</option>
          {props.symbols.map((symbol) => (
            <option key={symbol} value={symbol}>
              {symbol}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={networkId}>{props.networkLabel}</label>
        <select
          id={networkId}
          value={props.network}
          disabled={!props.networks}
          onChange={(event) => props.onNetworkChange(event.target.value)}
        >
          <option value="">{t('swap.form.chooseNetwork')}</option>
          {props.networks?.map((network) => (
            <option key={network} value={network}>
              {network}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
