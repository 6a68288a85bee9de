/** A QR code of a URL as inline SVG (uqr, loaded with the confirmation page only). */
import { renderSVG } from 'uqr';

export const QrCode = ({ value, label }: { value: string; label: string }) => (
  <div
    className="qr"
    role="img"
    aria-label={label}
    // uqr writes a plain SVG of rectangles from the URL; nothing of the visitor's input is markup.
    // biome-ignore lint/security/noDangerouslySetInnerHtml: generated SVG, see above
    dangerouslySetInnerHTML={{ __html: renderSVG(value, { border: 2 }) }}
  />
);
