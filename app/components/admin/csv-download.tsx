import { Download } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { useLingui } from "@lingui/react";
import { serverText } from "./admin-i18n";

/**
 * Saves a CSV the API answered as a file the browser downloads. The browser's decoder took the
 * byte-order mark off the answer; it goes back on, since Excel reads Bangla only with it.
 */
export function saveCsvFile(text: string, name: string): void {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(
    new Blob([`\uFEFF${text.replace(/^\uFEFF/, "")}`], { type: "text/csv;charset=utf-8" }),
  );
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** "Export CSV": asks the API for the file, saves it, and says why when it could not. */
export function CsvDownloadButton({
  load,
  fileName,
}: {
  load: () => Promise<string>;
  fileName: string;
}) {
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      className="min-h-11"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        load()
          .then((text) => saveCsvFile(text, fileName))
          .catch((error: unknown) =>
            toast.error(
              error instanceof Error ? serverText(error.message) : i18n._("The export failed"),
            ),
          )
          .finally(() => setBusy(false));
      }}
    >
      <Download className="h-4 w-4" aria-hidden="true" /> {i18n._("Export CSV")}
    </Button>
  );
}
