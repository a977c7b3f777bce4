import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import { useText } from '../i18n/use-text';

const SIZE = 256;

/**
 * A QR code drawn by the `qrcode` library into a PNG data: URL (CSP allows img-src data:). Error
 * correction M and the standard four-module quiet zone, so phone cameras read it from a screen.
 */
export function QrCode({ value, description }: { value: string; description: string }): React.JSX.Element {
  const [image, setImage] = useState<{ value: string; url: string | null } | null>(null);
  const t = useText();

  useEffect(() => {
    let current = true;
    toDataURL(value, {
      errorCorrectionLevel: 'M',
      margin: 4,
      width: SIZE,
      color: { dark: '#000000', light: '#ffffff' },
    })
      .then((url) => {
        if (current) setImage({ value, url });
      })
      .catch(() => {
        if (current) setImage({ value, url: null });
      });
    return () => {
      current = false;
    };
  }, [value]);

  // Never show the previous value's code while the new one is drawn.
  if (!image || image.value !== value)
    return <span className="skeleton qr-skeleton" aria-busy="true" aria-label={t('money.qr.drawing')} />;
  if (image.url === null) return <p role="alert">{t('money.qr.failed')}</p>;
  return <img className="qr-code" src={image.url} alt={description} width={SIZE} height={SIZE} data-qr-value={value} />;
}
