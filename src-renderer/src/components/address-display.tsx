/** Groups of four characters: long addresses are read aloud and compared group by group. */
export function addressGroups(address: string, size = 4): string[] {
  const groups: string[] = [];
  for (let index = 0; index < address.length; index += size) groups.push(address.slice(index, index + size));
  return groups;
}

/**
 * An address in monospace, split into groups by spacing only: selecting and copying it by hand gives
 * the address without spaces. Its accessible name is the caption; its text is the exact address.
 */
export function AddressDisplay({
  address,
  caption = 'Address',
}: {
  address: string;
  caption?: string;
}): React.JSX.Element {
  return (
    <div role="group" aria-label={caption} className="address-display">
      <code className="mono" translate="no" data-address={address}>
        {addressGroups(address).map((group, index) => (
          <span key={index} className="address-group">
            {group}
          </span>
        ))}
      </code>
    </div>
  );
}
