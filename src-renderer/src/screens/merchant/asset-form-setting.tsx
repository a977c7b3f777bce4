import type { AssetForm, MerchantEnvironmentView } from '../../../../src-preload/contract/merchant';
import { useMerchantKeysStore } from '../../stores/merchant-keys-store';

const choices: ReadonlyArray<{ value: AssetForm; label: string; hint: string }> = [
  {
    value: 'asset-name',
    label: 'Asset name and network id (USDT on network 4)',
    hint: "As the service's own SDKs send it. The default.",
  },
  {
    value: 'network-code',
    label: 'Network-specific code (BSC-USD)',
    hint: 'The codes of the service interface table, for a service that refuses asset names.',
  },
];

/**
 * How this environment's requests name an asset carried on several networks. The spec does not
 * say which form the service reads; when it refuses one, the error names this place and the other form.
 */
export function AssetFormSetting({ environment }: { environment: MerchantEnvironmentView }): React.JSX.Element {
  const busy = useMerchantKeysStore((state) => state.busy);
  const setAssetForm = useMerchantKeysStore((state) => state.setAssetForm);
  return (
    <fieldset className="merchant-asset-form">
      <legend>How assets are named</legend>
      <p className="merchant-hint">{`For ${environment.label}: how requests name USDT, USDC and ETH, which several networks carry.`}</p>
      {choices.map((choice) => (
        <label key={choice.value}>
          <input
            type="radio"
            name="merchant-asset-form"
            value={choice.value}
            checked={environment.assetForm === choice.value}
            disabled={busy.has('assetForm')}
            onChange={() => void setAssetForm(environment.id, choice.value)}
          />{' '}
          {choice.label} <span className="merchant-hint">{choice.hint}</span>
        </label>
      ))}
    </fieldset>
  );
}
