import { useState } from "react";
import { useLingui } from "@lingui/react";
import type { AdminPageAnswer } from "#contract/answers/pages";
import { PageCreateBody, PageUpdateBody } from "#contract/schemas/pages";
import {
  parseSubmitted,
  readSubmission,
  runAdminAction,
  unknownIntent,
  useAdminAction,
} from "~/components/admin/admin-action";
import { formatDate, loadForAdmin, PageHeader, useLoadedData } from "~/components/admin/common";
import {
  ConfirmDelete,
  EditButton,
  ListTable,
  NewButton,
  RowActions,
  wholeList,
} from "~/components/admin/list";
import { PageEditor } from "~/components/admin/page-editor";
import { api } from "~/lib/admin-api-client";
import type { Route } from "./+types/pages";
import { backOfficeI18n, formatCount } from "~/components/admin/admin-i18n";

export function meta() {
  return [
    { title: `${backOfficeI18n._("Shop pages")} — Tweest admin` },
    { name: "robots", content: "noindex" },
  ];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { pages: await loadForAdmin(request, () => api.admin.pages.list()) };
}

/** Create, update and delete (by the page's address); React Router then loads the list again. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const i18n = backOfficeI18n;
  const { intent, id, body } = await readSubmission(request);
  switch (intent) {
    case "create":
      return runAdminAction(
        async () => api.admin.pages.create(parseSubmitted(PageCreateBody, body)),
        i18n._("Page created"),
      );
    case "update":
      return runAdminAction(
        async () => api.admin.pages.update(id, parseSubmitted(PageUpdateBody, body)),
        i18n._("Page saved"),
      );
    case "delete":
      return runAdminAction(() => api.admin.pages.remove(id), i18n._("Page deleted"));
    default:
      return unknownIntent(intent);
  }
}

/** /admin/pages: the shop's own pages (terms, returns, delivery, ...), in English and Bangla. */
export default function AdminPages({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const pages = useLoadedData(loaderData.pages);
  const list = pages.data ?? [];
  const [editor, setEditor] = useState<{ page: AdminPageAnswer | null } | null>(null);
  const remove = useAdminAction();
  return (
    <div>
      <PageHeader
        title={i18n._("Shop pages")}
        description={i18n._(
          "About, terms, privacy, returns, delivery, how to order, FAQ and your own pages, in English and Bangla. Published pages are linked from the footer.",
        )}
        actions={
          <NewButton onClick={() => setEditor({ page: null })}>{i18n._("New page")}</NewButton>
        }
      />
      <ListTable
        list={wholeList(pages, list)}
        columns={[
          i18n._("Page"),
          i18n._("Address"),
          i18n._("Version"),
          i18n._("Updated"),
          { label: i18n._("Actions"), right: true },
        ]}
        emptyText={i18n._("No pages yet.")}
      >
        {list.map((page) => (
          <tr key={page._id} data-testid="page-row">
            <td className="font-medium">
              <span lang="en">{page.title.en}</span>
              <span className="block text-xs font-normal text-stone-500" lang="bn">
                {page.title.bn}
              </span>
            </td>
            <td className="text-xs">
              <a
                className="underline"
                translate="no"
                href={`/pages/${page.slug}`}
                target="_blank"
                rel="noopener"
              >
                /pages/{page.slug}
              </a>
              {!page.published && (
                <span className="ml-2 text-stone-500">{i18n._("(not published)")}</span>
              )}
            </td>
            <td>{formatCount(page.version)}</td>
            <td className="text-xs text-stone-600">{formatDate(page.updatedAt, true)}</td>
            <td>
              <RowActions>
                <EditButton
                  label={i18n._("Edit {title}", { title: page.title.en })}
                  onClick={() => setEditor({ page })}
                />
                {!page.standard && (
                  <ConfirmDelete
                    title={i18n._("Delete this page?")}
                    description={i18n._("{title} is removed from the shop and the footer.", {
                      title: `"${page.title.en}"`,
                    })}
                    label={i18n._("Delete {title}", { title: page.title.en })}
                    onConfirm={() => void remove.submit("delete", { id: page.slug })}
                  />
                )}
              </RowActions>
            </td>
          </tr>
        ))}
      </ListTable>
      {editor && <PageEditor page={editor.page} onClose={() => setEditor(null)} />}
    </div>
  );
}
