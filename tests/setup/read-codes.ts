/**
 * Reads a printed code back as a scanner would: the SVG the server drew, turned into grey pixels
 * by sharp, then decoded by ZXing, which knows nothing of how it was drawn. A code that does not
 * read throws ZXing's NotFoundException.
 */
import sharp from "sharp";
import {
  BinaryBitmap,
  Code128Reader,
  DecodeHintType,
  HybridBinarizer,
  QRCodeReader,
  RGBLuminanceSource,
} from "@zxing/library";

/**
 * Grey pixels of the SVG, 4 a unit of its viewBox across and `height` high (the server's codes set
 * no size of their own: the page stretches them), with a white margin: the quiet zone a scanner
 * needs round the code.
 */
async function luminance(svg: string, height?: number) {
  const [width, viewHeight] = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg)!.slice(1).map(Number);
  const sized = svg.replace(
    "<svg ",
    `<svg width="${width * 4}" height="${height ?? viewHeight * 4}" `,
  );
  const { data, info } = await sharp(Buffer.from(sized))
    .flatten({ background: "#ffffff" })
    .extend({ top: 40, bottom: 40, left: 80, right: 80, background: "#ffffff" })
    .toColourspace("b-w")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const source = new RGBLuminanceSource(new Uint8ClampedArray(data), info.width, info.height);
  return new BinaryBitmap(new HybridBinarizer(source));
}

const TRY_HARDER = new Map([[DecodeHintType.TRY_HARDER, true]]);

/** The text of a Code 128 drawn as SVG. */
export async function readCode128(svg: string): Promise<string> {
  return new Code128Reader().decode(await luminance(svg, 120), TRY_HARDER).getText();
}

/** The text of a QR code drawn as SVG. */
export async function readQrCode(svg: string): Promise<string> {
  return new QRCodeReader().decode(await luminance(svg), TRY_HARDER).getText();
}
