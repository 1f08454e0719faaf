import { useState } from "react";
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

export function meta() {
  return [{ title: "Shop pages — Tweest admin" }, { name: "robots", content: "noindex" }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { pages: await loadForAdmin(request, () => api.admin.pages.list()) };
}

/** Create, update and delete (by the page's address); React Router then loads the list again. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { intent, id, body } = await readSubmission(request);
  switch (intent) {
    case "create":
      return runAdminAction(
        async () => api.admin.pages.create(parseSubmitted(PageCreateBody, body)),
        "Page created",
      );
    case "update":
      return runAdminAction(
        async () => api.admin.pages.update(id, parseSubmitted(PageUpdateBody, body)),
        "Page saved",
      );
    case "delete":
      return runAdminAction(() => api.admin.pages.remove(id), "Page deleted");
    default:
      return unknownIntent(intent);
  }
}

/** /admin/pages: the shop's own pages (terms, returns, delivery, ...), in English and Bangla. */
export default function AdminPages({ loaderData }: Route.ComponentProps) {
  const pages = useLoadedData(loaderData.pages);
  const list = pages.data ?? [];
  const [editor, setEditor] = useState<{ page: AdminPageAnswer | null } | null>(null);
  const remove = useAdminAction();
  return (
    <div>
      <PageHeader
        title="Shop pages"
        description="About, terms, privacy, returns, delivery, how to order, FAQ and your own pages, in English and Bangla. Published pages are linked from the footer."
        actions={<NewButton onClick={() => setEditor({ page: null })}>New page</NewButton>}
      />
      <ListTable
        list={wholeList(pages, list)}
        columns={["Page", "Address", "Version", "Updated", { label: "Actions", right: true }]}
        emptyText="No pages yet."
      >
        {list.map((page) => (
          <tr key={page._id} data-testid="page-row">
            <td className="font-medium">
              {page.title.en}
              <span className="block text-xs font-normal text-stone-500" lang="bn">
                {page.title.bn}
              </span>
            </td>
            <td className="text-xs">
              <a className="underline" href={`/pages/${page.slug}`} target="_blank" rel="noopener">
                /pages/{page.slug}
              </a>
              {!page.published && <span className="ml-2 text-stone-500">(not published)</span>}
            </td>
            <td>{page.version}</td>
            <td className="text-xs text-stone-600">{formatDate(page.updatedAt, true)}</td>
            <td>
              <RowActions>
                <EditButton label={`Edit ${page.title.en}`} onClick={() => setEditor({ page })} />
                {!page.standard && (
                  <ConfirmDelete
                    title="Delete this page?"
                    description={`"${page.title.en}" is removed from the shop and the footer.`}
                    label={`Delete ${page.title.en}`}
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
