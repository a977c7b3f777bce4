import type { AssetForm, MerchantEnvironmentView } from '../../../../src-preload/contract/merchant';
import { environmentNames } from '../../../../src-preload/contract/environment-names';
import type { MessageId } from '../../i18n/text';
import { useText } from '../../i18n/use-text';
import { useMerchantKeysStore } from '../../stores/merchant-keys-store';

const choices: ReadonlyArray<{ value: AssetForm; label: MessageId; hint: MessageId }> = [
  { value: 'asset-name', label: 'merchant.assetForm.assetName', hint: 'merchant.assetForm.assetName.hint' },
  { value: 'network-code', label: 'merchant.assetForm.networkCode', hint: 'merchant.assetForm.networkCode.hint' },
];

/**
 * How this environment's requests name an asset carried on several networks. The spec does not
 * say which form the service reads; when it refuses one, the error names this place and the other form.
 */
export function AssetFormSetting({ environment }: { environment: MerchantEnvironmentView }): React.JSX.Element {
  const t = useText();
  const busy = useMerchantKeysStore((state) => state.busy);
  const setAssetForm = useMerchantKeysStore((state) => state.setAssetForm);
  return (
    <fieldset className="merchant-asset-form">
      <legend>{t('merchant.assetForm.legend')}</legend>
      <p className="merchant-hint">
        {t('merchant.assetForm.hint', { environment: t(environmentNames[environment.id]) })}
      </p>
      {choices.map((choice) => (
        <label key={choice.value}>
          <input
            type="radio"
            name="merchant-asset-form"
            value={choice.value}
            checked={environment.assetForm === choice.value}
            disabled={busy.has('assetForm')}
            onChange={() => void setAssetForm(environment.id, choice.value)}
          />
          {t(choice.label)} <span className="merchant-hint">{t(choice.hint)}</span>
        </label>
      ))}
    </fieldset>
  );
}
