import { ShieldOff } from "lucide-react";
import { useSearchParams } from "react-router";
import { useForm } from "react-hook-form";
import {
  parseSubmitted,
  readSubmission,
  runAdminAction,
  showFieldErrors,
  unknownIntent,
  useAdminAction,
} from "~/components/admin/admin-action";
import {
  ConfirmAction,
  ErrorNote,
  formatDate,
  loadForAdmin,
  PageHeader,
  Panel,
  TableSkeleton,
  useLoadedData,
} from "~/components/admin/common";
import { Button } from "~/components/ui/button";
import { api, type PhoneBlock } from "~/lib/admin-api-client";
import { validateInto } from "~/lib/form-validation";
import { TextField } from "~/components/admin/list";
import { cn } from "~/lib/utils";
import { PHONE_BLOCK_REASON_MAX, PhoneBlockBody } from "#contract/schemas/phone-history";
import type { Route } from "./+types/phone-blocks";
import { useLingui } from "@lingui/react";
import { backOfficeI18n } from "~/components/admin/admin-i18n";

export function meta() {
  return [{ title: `${backOfficeI18n._("Blocked numbers")} — Tweest admin` }];
}

type Show = "active" | "all";
const showOf = (url: string): Show =>
  new URL(url).searchParams.get("show") === "all" ? "all" : "active";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { blocks: await loadForAdmin(request, () => api.admin.phoneBlocks(showOf(request.url))) };
}

/** Block and lift: the server's answer as a toast; a refusal keeps the form as it was. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const i18n = backOfficeI18n;
  const { intent, id, body } = await readSubmission(request);
  switch (intent) {
    case "block": {
      const block = parseSubmitted(PhoneBlockBody, body);
      return runAdminAction(
        () => api.admin.blockPhone(block),
        i18n._("{phone} blocked: no cash on delivery", { phone: block.phone }),
      );
    }
    case "lift":
      return runAdminAction(
        () => api.admin.liftPhoneBlock(id),
        i18n._("Block on {phone} lifted", { phone: id }),
      );
    default:
      return unknownIntent(intent);
  }
}

const FIELDS = ["phone", "reason"] as const;

/** Adds a number to the block list (the order view's "Block this number" fills the number in). */
function BlockForm() {
  const { i18n } = useLingui();
  const [searchParams] = useSearchParams();
  const { register, handleSubmit, reset, setError, clearErrors, formState } = useForm<{
    phone: string;
    reason: string;
  }>({ defaultValues: { phone: searchParams.get("phone") ?? "", reason: "" } });
  const { errors } = formState;
  const block = useAdminAction({
    onSuccess: () => reset({ phone: "", reason: "" }),
    onFailure: (result) => showFieldErrors(result, setError, FIELDS),
  });

  async function onSubmit(values: { phone: string; reason: string }) {
    clearErrors();
    const parsed = validateInto(PhoneBlockBody, values, setError, FIELDS);
    if (!parsed) return;
    await block.submit("block", { body: parsed });
  }

  return (
    <Panel title={i18n._("Block a number")} className="mb-5">
      <form
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        className="grid gap-3 md:grid-cols-[200px_1fr_auto]"
      >
        <TextField
          id="block-phone"
          label={i18n._("Mobile number")}
          inputMode="tel"
          placeholder="01XXXXXXXXX"
          error={errors.phone?.message}
          {...register("phone")}
        />
        <TextField
          id="block-reason"
          label={i18n._("Reason")}
          maxLength={PHONE_BLOCK_REASON_MAX}
          placeholder={i18n._("e.g. Refused three parcels")}
          error={errors.reason?.message}
          {...register("reason")}
        />
        <div className="md:pt-6">
          <Button type="submit" disabled={block.pending} className="w-full md:w-auto">
            {i18n._("Block number")}
          </Button>
        </div>
      </form>
      <p className="mt-2 text-xs text-stone-500">
        {i18n._("A blocked number cannot place cash-on-delivery orders; it can still pay online.")}
      </p>
    </Panel>
  );
}

function BlockRow({ block, onLift }: { block: PhoneBlock; onLift: () => void }) {
  const { i18n } = useLingui();
  const lifted = Boolean(block.liftedAt);
  return (
    <li
      data-testid="phone-block"
      className={cn(
        "flex flex-col gap-2 rounded-md border p-3 sm:flex-row sm:items-center sm:justify-between",
        lifted ? "border-stone-200 bg-stone-50 text-stone-500" : "border-red-200 bg-white",
      )}
    >
      <div className="min-w-0">
        <p className="font-mono font-semibold">{block.phone}</p>
        <p className="text-sm break-words">{block.reason}</p>
        <p className="text-xs text-stone-500">
          {block.blockedBy
            ? i18n._("Blocked {date} by {who}", {
                date: formatDate(block.blockedAt, true),
                who: `${block.blockedBy.name} (${block.blockedBy.email})`,
              })
            : i18n._("Blocked {date}", { date: formatDate(block.blockedAt, true) })}
          {lifted &&
            ` · ${
              block.liftedBy
                ? i18n._("lifted {date} by {who}", {
                    date: formatDate(block.liftedAt, true),
                    who: block.liftedBy.name,
                  })
                : i18n._("lifted {date}", { date: formatDate(block.liftedAt, true) })
            }`}
        </p>
      </div>
      {!lifted && (
        <ConfirmAction
          title={i18n._("Lift the block on {phone}?", { phone: block.phone })}
          description={i18n._("The number can place cash-on-delivery orders again.")}
          confirmLabel={i18n._("Lift block")}
          destructive={false}
          onConfirm={onLift}
        >
          <Button variant="outline" size="sm" className="self-start sm:self-center">
            <ShieldOff className="h-4 w-4" aria-hidden="true" /> {i18n._("Lift block")}
          </Button>
        </ConfirmAction>
      )}
    </li>
  );
}

/** /admin/phone-blocks: the numbers refused cash on delivery, who blocked them and why. */
export default function AdminPhoneBlocks({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const blocks = useLoadedData(loaderData.blocks);
  const [searchParams, setSearchParams] = useSearchParams();
  const show: Show = searchParams.get("show") === "all" ? "all" : "active";
  const lift = useAdminAction();

  return (
    <div>
      <PageHeader
        title={i18n._("Blocked numbers")}
        description={i18n._(
          "Mobile numbers that cannot place cash-on-delivery orders. Lifting a block keeps it here as lifted.",
        )}
      />
      <BlockForm />
      <div
        className="mb-3 flex items-center gap-2"
        role="group"
        aria-label={i18n._("Which blocks")}
      >
        {(["active", "all"] as const).map((value) => (
          <Button
            key={value}
            size="sm"
            variant={show === value ? "default" : "outline"}
            aria-pressed={show === value}
            onClick={() =>
              setSearchParams((params) => {
                if (value === "all") params.set("show", "all");
                else params.delete("show");
                return params;
              })
            }
          >
            {value === "active" ? i18n._("In force") : i18n._("All, with lifted")}
          </Button>
        ))}
      </div>
      {blocks.error && <ErrorNote message={blocks.error} onRetry={blocks.reload} />}
      {!blocks.data && !blocks.error && <TableSkeleton rows={3} />}
      {blocks.data && blocks.data.blocks.length === 0 && (
        <p className="rounded-md border border-dashed border-stone-300 p-6 text-center text-sm text-stone-600">
          {i18n._("No number is blocked.")}
        </p>
      )}
      {blocks.data && blocks.data.blocks.length > 0 && (
        <ul className="space-y-2" data-testid="phone-blocks">
          {blocks.data.blocks.map((block) => (
            <BlockRow
              key={`${block.phone}:${block.blockedAt}`}
              block={block}
              onLift={() => void lift.submit("lift", { id: block.phone })}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
