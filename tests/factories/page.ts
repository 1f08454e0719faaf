import type { PageCreateBody } from "#contract/schemas/pages";

/** A published page of the shop's own, as the back office sends it (POST /api/admin/pages). */
export const EID_EXCHANGE_PAGE = {
  slug: "eid-exchange",
  title: { en: "Eid exchange", bn: "ঈদের বদল" },
  description: { en: "", bn: "" },
  body: { en: "Exchange any size after Eid.", bn: "ঈদের পরে যেকোনো মাপ বদল।" },
  published: true,
} satisfies PageCreateBody;
