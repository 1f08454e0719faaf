import { useLingui } from "@lingui/react";
import { Ruler } from "lucide-react";
import { localized } from "#contract/i18n";
import { useState } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import { api, errorMessage, type SizeGuide } from "~/lib/api-client";
import { useLocale } from "~/lib/i18n/i18n";
import { measurementName } from "~/lib/i18n/measurement-names";

/**
 * "Size guide" link + modal; the guide is fetched the first time it opens (GET /api/size-guides?category).
 * The product page shows it only when the category (or an ancestor) has a guide (its loader knows).
 */
export function SizeGuideDialog({ category }: { category: string }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<
    | { status: "idle" | "loading" }
    | { status: "ready"; guides: SizeGuide[] }
    | { status: "error"; message: string }
  >({ status: "idle" });

  async function load() {
    setState({ status: "loading" });
    try {
      setState({ status: "ready", guides: await api.sizeGuides.list(category) });
    } catch (error) {
      setState({ status: "error", message: errorMessage(error) });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next && state.status !== "ready") void load();
      }}
    >
      <DialogTrigger className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline underline-offset-2">
        <Ruler className="h-4 w-4" aria-hidden="true" /> {i18n._("Size guide")}
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{i18n._("Size guide")}</DialogTitle>
        <DialogDescription className="mb-4">
          {i18n._("Measurements of the garment, laid flat.")}
        </DialogDescription>
        {(state.status === "loading" || state.status === "idle") && (
          <div className="flex justify-center py-8">
            <Spinner label={i18n._("Loading size guide")} />
          </div>
        )}
        {state.status === "error" && (
          <p role="alert" className="text-sm text-red-600">
            {state.message}{" "}
            <button type="button" className="underline" onClick={() => void load()}>
              {i18n._("Try again")}
            </button>
          </p>
        )}
        {state.status === "ready" &&
          state.guides.map((guide) => (
            <div key={guide._id} className="mb-4 overflow-x-auto">
              <table className="w-full border-collapse text-sm">
                <caption className="mb-2 text-left font-semibold">
                  {localized(guide, "name", locale)}{" "}
                  <span className="font-normal text-stone-500">
                    ({guide.unit === "inch" ? i18n._("inches") : i18n._("cm")})
                  </span>
                </caption>
                <thead>
                  <tr className="bg-stone-100">
                    <th scope="col" className="border border-stone-200 px-2 py-1.5 text-left">
                      {i18n._("Size")}
                    </th>
                    {guide.columns.map((column) => (
                      <th
                        key={column}
                        scope="col"
                        className="border border-stone-200 px-2 py-1.5 text-left"
                      >
                        {measurementName(column, i18n)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {guide.rows.map((row) => (
                    <tr key={row.size}>
                      <th scope="row" className="border border-stone-200 px-2 py-1.5 text-left">
                        {row.size}
                      </th>
                      {row.values.map((value, index) => (
                        <td key={index} className="border border-stone-200 px-2 py-1.5">
                          {value}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
              {localized(guide, "note", locale) && (
                <p className="mt-2 text-xs text-stone-500">{localized(guide, "note", locale)}</p>
              )}
            </div>
          ))}
      </DialogContent>
    </Dialog>
  );
}
