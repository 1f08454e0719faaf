/**
 * The order dialog's contact strip: the delivery mobile with a call button (`tel:`) and a WhatsApp
 * button (wa.me with the normalised mobile), the delivery address with its thana and district by
 * the lists' names (what the confirmation call reads back to the shopper), and the shopper's note
 * shown where it cannot be missed: the confirmation call and the rider both depend on them.
 */
import { MapPin, MessageCircle, Phone, StickyNote } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { addressLines, type AddressParts } from "#contract/address-lines";
import { normalizeBdMobile } from "#contract/phone";
import { telUrl, whatsappUrl } from "#contract/shop-contact";
import { toLocale } from "#contract/i18n";
import { useLingui } from "@lingui/react";

export function OrderContact({
  mobile,
  note,
  address,
}: {
  mobile: string;
  note?: string;
  address?: AddressParts;
}) {
  const { i18n } = useLingui();
  const deliverTo = address ? addressLines(address, toLocale(i18n.locale)) : [];
  const phone = normalizeBdMobile(mobile);
  const link = cn(buttonVariants({ variant: "outline" }), "min-h-11");
  return (
    <div className="mt-3 space-y-2" data-testid="order-contact">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-base font-semibold">{phone ?? mobile}</span>
        {phone && (
          <>
            <a className={link} href={telUrl(phone)} data-testid="call-link">
              <Phone className="h-4 w-4" aria-hidden="true" /> {i18n._("Call")}
            </a>
            <a
              className={link}
              href={whatsappUrl(phone)}
              target="_blank"
              rel="noreferrer noopener"
              data-testid="whatsapp-link"
            >
              <MessageCircle className="h-4 w-4" aria-hidden="true" /> {i18n._("WhatsApp")}
            </a>
          </>
        )}
      </div>
      {deliverTo.length > 0 && (
        <p className="flex gap-2 text-sm text-stone-800" data-testid="order-deliver-to">
          <MapPin
            className="mt-0.5 h-4 w-4 shrink-0 text-stone-500"
            aria-label={i18n._("Deliver to")}
          />
          <span>
            {deliverTo.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </span>
        </p>
      )}
      {note?.trim() && (
        <p
          className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          data-testid="order-note"
        >
          <StickyNote className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span className="break-words">
            <span className="font-semibold">{i18n._("Customer's note:")} </span>
            {note}
          </span>
        </p>
      )}
    </div>
  );
}
