// C0 and C1 control characters (ESC among them): text a target or client sent must not drive a terminal
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controls = /[\u0000-\u001f\u007f-\u009f]/g;

/** Untrusted text made safe for a console line or report: controls replaced, cut to `max` characters. */
export function printable(text: string, max = 500): string {
  const clean = text.replace(controls, '?');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
