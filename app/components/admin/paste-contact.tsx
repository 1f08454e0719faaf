import { useLingui } from "@lingui/react";
import { useState } from "react";
import { formatCount, serverText } from "./admin-i18n";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/input";
import { api, errorMessage } from "~/lib/admin-api-client";
import {
  MAX_PASTED_CONTACT_LENGTH,
  type ParsedContactAnswer,
} from "#contract/schemas/staff-orders";

/**
 * The new-order dialog's paste box: a customer's message (Messenger, WhatsApp, SMS; English or
 * Bangla) read by the server for name, mobile, district, thana and address. The fields found fill
 * the form; staff check them before creating the order.
 */
export function PasteContact({ onFound }: { onFound: (found: ParsedContactAnswer) => void }) {
  const { i18n } = useLingui();
  const [text, setText] = useState("");
  const [state, setState] = useState<{ pending: boolean; note?: string; error?: string }>({
    pending: false,
  });

  async function read() {
    setState({ pending: true });
    try {
      const found = await api.staffOrders.parseContact(text);
      const count = Object.keys(found).length;
      onFound(found);
      setState({
        pending: false,
        note:
          count === 1
            ? i18n._("Filled 1 field from the message: check it below.")
            : count
              ? i18n._("Filled {count} fields from the message: check them below.", {
                  count: formatCount(count),
                })
              : i18n._("Nothing recognisable in the message: type the details below."),
      });
    } catch (error) {
      setState({ pending: false, error: serverText(errorMessage(error)) });
    }
  }

  return (
    <div className="rounded-md border border-dashed border-stone-300 bg-stone-50 p-3">
      <label htmlFor="paste-contact" className="text-sm font-medium text-stone-800">
        {i18n._("Paste the customer's message")}
      </label>
      <Textarea
        id="paste-contact"
        className="mt-1 min-h-20"
        maxLength={MAX_PASTED_CONTACT_LENGTH}
        placeholder={i18n._("Name: …\nPhone: 017…\nAddress: …, Mirpur, Dhaka")}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="min-h-10"
          disabled={state.pending || !text.trim()}
          onClick={() => void read()}
        >
          {state.pending ? i18n._("Reading…") : i18n._("Fill from message")}
        </Button>
        <p role="status" className="text-sm text-stone-600" data-testid="paste-contact-status">
          {state.error ?? state.note}
        </p>
      </div>
    </div>
  );
}
