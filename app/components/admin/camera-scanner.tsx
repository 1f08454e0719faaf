/**
 * The phone's camera as a scanner: the browser's BarcodeDetector where it has one (Chrome on
 * Android), else ZXing, loaded only when the packer opens the camera (never in a storefront page's
 * scripts). Each code read is handed to `onCode` as a scanner's Enter would; the same code is
 * not handed again within READ_AGAIN_MS (the camera sees one label many times a second).
 */
import { useLingui } from "@lingui/react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";

const READ_AGAIN_MS = 1500;
const FORMATS = ["code_128", "code_39", "ean_13", "ean_8", "upc_a", "qr_code"];

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** Starts reading codes from the video; answers the function that stops it. */
async function startReading(
  video: HTMLVideoElement,
  onRead: (code: string) => void,
): Promise<() => void> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass })
    .BarcodeDetector;
  if (Detector) {
    const stream = await navigator.mediaDevices.getUserMedia({
      video: { facingMode: "environment" },
    });
    video.srcObject = stream;
    await video.play();
    const detector = new Detector({ formats: FORMATS });
    let stopped = false;
    const tick = async () => {
      if (stopped) return;
      try {
        for (const code of await detector.detect(video)) onRead(code.rawValue);
      } catch {
        // A frame not ready yet: the next one is read.
      }
      setTimeout(() => void tick(), 150);
    };
    void tick();
    return () => {
      stopped = true;
      for (const track of stream.getTracks()) track.stop();
    };
  }
  const { BrowserMultiFormatReader } = await import("@zxing/browser");
  const controls = await new BrowserMultiFormatReader().decodeFromVideoDevice(
    undefined,
    video,
    (result) => {
      if (result) onRead(result.getText());
    },
  );
  return () => controls.stop();
}

export function CameraScanner({
  onCode,
  onClose,
}: {
  onCode: (code: string) => void;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const handler = useRef(onCode);
  handler.current = onCode;

  useEffect(() => {
    let stop: (() => void) | undefined;
    let closed = false;
    const last = { code: "", at: 0 };
    const onRead = (code: string) => {
      const now = Date.now();
      if (code === last.code && now - last.at < READ_AGAIN_MS) return;
      last.code = code;
      last.at = now;
      handler.current(code);
    };
    startReading(video.current!, onRead)
      .then((stopReading) => {
        if (closed) stopReading();
        else stop = stopReading;
      })
      .catch(() => setFailed(true));
    return () => {
      closed = true;
      stop?.();
    };
  }, []);

  return (
    <div className="mt-3 rounded-md border border-stone-200 p-2" data-testid="camera-scanner">
      <video ref={video} className="aspect-video w-full rounded bg-stone-900" muted playsInline />
      {failed && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {i18n._("The camera could not be opened: allow it, or use the scanner.")}
        </p>
      )}
      <Button type="button" variant="outline" className="mt-2 min-h-11" onClick={onClose}>
        {i18n._("Close camera")}
      </Button>
    </div>
  );
}
