/**
 * Codes the printed documents carry (docs/printing.md), made on the server as SVG: the print page
 * shows them as images and runs no barcode code. Black on nothing (the paper is the white), no
 * text under the bars (the page prints the number itself), and `preserveAspectRatio="none"`: the
 * page sets each code's size in millimetres. bwip-js encodes the Code 128 (its own SVG drawing
 * took four times as long as the encoding, so the bars are drawn here, one rectangle each) and
 * `qrcode` makes the QR code (several times faster than bwip-js's): the codes of 200 orders took
 * 7 s with bwip-js drawing both, 1 to 2.5 s so (docs/printing.md).
 */
import bwipjs from "bwip-js/node";
import QRCode from "qrcode";
import type { DrawnBarcode } from "#contract/schemas/order-documents";

/** Code 128 of `text` (bwip-js picks the code sets: the digits of an order number go in pairs). */
export function code128(text: string): DrawnBarcode {
  // Widths in modules of bar, space, bar, ... from the start symbol to the stop.
  const [{ sbs }] = bwipjs.raw("code128", text, {}) as { sbs: number[] }[];
  let x = 0;
  let bars = "";
  sbs.forEach((width, index) => {
    if (index % 2 === 0) bars += `M${x} 0h${width}v1h-${width}z`;
    x += width;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${x} 1" preserveAspectRatio="none" shape-rendering="crispEdges"><path d="${bars}"/></svg>`;
  return { svg, modules: x };
}

/** A QR code of `text` with medium error correction (a smudged label still reads). */
export async function qrCodeSvg(text: string): Promise<string> {
  const svg = await QRCode.toString(text, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 0,
    color: { dark: "#000000", light: "#00000000" },
  });
  return svg.replace("<svg ", '<svg preserveAspectRatio="none" ');
}
