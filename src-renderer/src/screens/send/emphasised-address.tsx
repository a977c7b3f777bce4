import { addressGroups } from '../../components/address-display';

/** How many characters at each end are emphasised: the ones people compare, and poisoners imitate. */
const ENDS = 6;

/**
 * The full destination, never shortened: its first and last characters stand out, the middle is
 * grouped by four so it can be read and compared too. Its text is the exact address.
 */
export function EmphasisedAddress({ address, caption }: { address: string; caption: string }): React.JSX.Element {
  const ends = Math.min(ENDS, Math.floor(address.length / 3));
  const head = address.slice(0, ends);
  const middle = address.slice(ends, address.length - ends);
  const tail = address.slice(address.length - ends);
  return (
    <div role="group" aria-label={caption} className="send-destination">
      <code className="mono" translate="no" data-address={address}>
        <strong className="send-destination-end">{head}</strong>
        {addressGroups(middle).map((group, index) => (
          <span key={index} className="address-group">
            {group}
          </span>
        ))}
        <strong className="send-destination-end">{tail}</strong>
      </code>
    </div>
  );
}
