/**
 * Create or edit a product: fields, the colour x size stock grid, and images (existing ones kept and
 * ordered, new ones previewed before upload). Validated with the API's own ProductCreateBody /
 * ProductUpdateBody, sent as multipart (variants and existingImages as JSON, files as `images`).
 */
import { ImagePlus, X } from "lucide-react";
import { useLingui } from "@lingui/react";
import { useEffect, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Field, Input, NativeSelect, Textarea } from "~/components/ui/input";
import {
  IMAGE_ACCEPT,
  imageFileProblem,
  MAX_PRODUCT_IMAGES,
  ProductCreateBody,
  ProductUpdateBody,
  validateInto,
} from "~/lib/admin-schemas";
import type { Product } from "~/lib/api-client";
import { PRODUCT_EDITABLE_KEYS } from "#contract/schemas/catalog";
import { imageUrl } from "~/lib/image-url";
import { showFieldErrors, useAdminAction } from "./admin-action";
import { formatCount, serverText } from "./admin-i18n";
import { FormActions } from "./list";
import { EntityHistory } from "./audit-entries";
import { CategoryOptions, type CategoryNode } from "./category-options";
import { codesOfVariants, VariantCodesFields, type VariantCodes } from "./variant-codes-fields";
import { editorPayload, productFormData, type ProductFieldValues } from "./product-form-data";

/** Fields the server's errors are shown on: the editable ones, and the photos. */
const FIELDS = [...PRODUCT_EDITABLE_KEYS, "images"] as const;

interface Values extends ProductFieldValues {
  colors: string;
  sizes: string;
  variants: string;
  images: string;
  root: string;
}

const splitList = (text: string) =>
  Array.from(
    new Set(
      text
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  );
const cellKey = (color: string, size: string) => `${color}\u0000${size}`;
/** A field's message (the form's zod check or the server's) in the back office's language. */
const shown = (message: string | undefined) => (message ? serverText(message) : undefined);

/** The colour a photo stands for (colorPhoto: photo n shows colour n), under its thumbnail. */
function PhotoColor({ colors, index }: { colors: string[]; index: number }) {
  const { i18n } = useLingui();
  const color = colors[index];
  return (
    <p
      className="w-16 truncate text-center text-xs text-stone-600"
      data-testid="photo-colour"
      translate={color === undefined ? undefined : "no"}
    >
      {color ?? i18n._("More views")}
    </p>
  );
}

function categoryIdOf(product: Product | null): string {
  if (!product?.category) return "";
  return typeof product.category === "string" ? product.category : product.category._id;
}

/**
 * Saves through the products route's clientAction (multipart: intent "create" or "update", `id`, the
 * fields and the files); closes on success, keeps the server's field errors on a refusal.
 */
export function ProductEditor({
  open,
  product,
  categories,
  onClose,
  onSaved,
}: {
  open: boolean;
  product: Product | null;
  categories: CategoryNode[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { i18n } = useLingui();
  const editing = product !== null;
  const form = useForm<Values>();
  const { register, handleSubmit, reset, watch, setError, clearErrors, formState } = form;
  const { errors } = formState;
  const save = useAdminAction({
    onSuccess: onSaved,
    onFailure: (result) => showFieldErrors(result, setError, FIELDS),
  });
  const [stock, setStock] = useState<Record<string, string>>({});
  const [codes, setCodes] = useState<VariantCodes>({});
  const [existing, setExisting] = useState<string[]>([]);
  const [files, setFiles] = useState<{ file: File; url: string }[]>([]);

  useEffect(() => {
    if (!open) return;
    const variants = product?.variants ?? [];
    reset({
      title: product?.title ?? "",
      slug: product?.slug ?? "",
      description: product?.description ?? "",
      titleBn: product?.titleBn ?? "",
      descriptionBn: product?.descriptionBn ?? "",
      brand: product?.brand ?? "Tweest",
      price: product ? String(product.price) : "",
      discountedPrice: product ? String(product.discountedPrice ?? product.price) : "",
      category: categoryIdOf(product),
      isActive: product?.isActive ?? true,
      colors: (product?.colors?.length
        ? product.colors
        : Array.from(new Set(variants.map((variant) => variant.color)))
      ).join(", "),
      sizes: Array.from(new Set(variants.map((variant) => variant.size))).join(", "),
    });
    setStock(
      Object.fromEntries(
        variants.map((variant) => [cellKey(variant.color, variant.size), String(variant.stock)]),
      ),
    );
    setCodes(codesOfVariants(variants, cellKey));
    setExisting(product?.images ?? []);
    setFiles([]);
  }, [open, product, reset]);

  // Revoke the preview URLs when they are dropped.
  useEffect(() => () => files.forEach((entry) => URL.revokeObjectURL(entry.url)), [files]);

  const colors = useMemo(() => splitList(watch("colors") ?? ""), [watch("colors")]); // eslint-disable-line react-hooks/exhaustive-deps
  const sizes = useMemo(() => splitList(watch("sizes") ?? ""), [watch("sizes")]); // eslint-disable-line react-hooks/exhaustive-deps

  function addFiles(list: FileList | null) {
    if (!list) return;
    const accepted: { file: File; url: string }[] = [];
    for (const file of Array.from(list)) {
      const problem = imageFileProblem(file);
      if (problem) {
        setError("images", { message: `${file.name}: ${serverText(problem)}` });
        continue;
      }
      accepted.push({ file, url: URL.createObjectURL(file) });
    }
    const room = MAX_PRODUCT_IMAGES - existing.length - files.length;
    if (accepted.length > room)
      setError("images", {
        message: i18n._("At most {count} images", { count: formatCount(MAX_PRODUCT_IMAGES) }),
      });
    else if (accepted.length) clearErrors("images");
    setFiles((current) => [...current, ...accepted.slice(0, Math.max(0, room))]);
  }

  async function onSubmit(values: Values) {
    clearErrors();
    const variants = colors.flatMap((color) =>
      sizes.map((size) => ({
        color,
        size,
        stock: Number(stock[cellKey(color, size)] || 0),
        ...codes[cellKey(color, size)],
      })),
    );
    const payload = editorPayload(values, variants, product);
    const parsed = validateInto(
      editing ? ProductUpdateBody : ProductCreateBody,
      payload,
      setError,
      FIELDS,
    );
    if (!parsed) return;
    const body = productFormData(payload);
    body.set("intent", editing ? "update" : "create");
    if (editing) body.set("id", product._id);
    if (editing) {
      body.set("existingImages", JSON.stringify(existing));
      // The grid as loaded: the server applies the admin's changes to today's stock, so units
      // sold while this form was open are not put back.
      body.set(
        "variantsSeen",
        JSON.stringify(
          (product.variants ?? []).map(({ color, size, stock }) => ({ color, size, stock })),
        ),
      );
    }
    for (const entry of files) body.append("images", entry.file);
    await save.submitForm(body);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogTitle>
          {editing ? i18n._("Edit {name}", { name: product.title }) : i18n._("New product")}
        </DialogTitle>
        <DialogDescription>
          {i18n._("Stock is kept per colour and size; totals are derived by the server.")}
        </DialogDescription>
        <form onSubmit={handleSubmit(onSubmit)} className="mt-4 space-y-4" noValidate>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="p-title" label={i18n._("Title")} error={shown(errors.title?.message)}>
              <Input id="p-title" aria-invalid={!!errors.title} {...register("title")} />
            </Field>
            {/* Bangla fields are labelled in Bangla: the label names the language to type in. */}
            <Field
              id="p-title-bn"
              label="শিরোনাম (বাংলা)"
              hint={i18n._("Title in Bangla, optional; empty shows the English title")}
              error={shown(errors.titleBn?.message)}
            >
              <Input
                id="p-title-bn"
                lang="bn"
                aria-invalid={!!errors.titleBn}
                {...register("titleBn")}
              />
            </Field>
            <Field
              id="p-slug"
              label={i18n._("Slug")}
              hint={i18n._("Empty: made from the title")}
              error={shown(errors.slug?.message)}
            >
              <Input id="p-slug" aria-invalid={!!errors.slug} {...register("slug")} />
            </Field>
            <Field id="p-price" label={i18n._("Price (৳)")} error={shown(errors.price?.message)}>
              <Input
                id="p-price"
                inputMode="numeric"
                aria-invalid={!!errors.price}
                {...register("price")}
              />
            </Field>
            <Field
              id="p-discounted"
              label={i18n._("Discounted price (৳)")}
              error={shown(errors.discountedPrice?.message)}
            >
              <Input
                id="p-discounted"
                inputMode="numeric"
                aria-invalid={!!errors.discountedPrice}
                {...register("discountedPrice")}
              />
            </Field>
            <Field
              id="p-category"
              label={i18n._("Category")}
              error={shown(errors.category?.message)}
            >
              <NativeSelect
                id="p-category"
                aria-invalid={!!errors.category}
                {...register("category")}
              >
                <option value="">{i18n._("Choose a category")}</option>
                <CategoryOptions categories={categories} />
              </NativeSelect>
            </Field>
            <Field id="p-brand" label={i18n._("Brand")} error={shown(errors.brand?.message)}>
              <Input id="p-brand" {...register("brand")} />
            </Field>
          </div>
          <Field
            id="p-description"
            label={i18n._("Description")}
            error={shown(errors.description?.message)}
          >
            <Textarea id="p-description" {...register("description")} />
          </Field>
          <Field
            id="p-description-bn"
            label="বিবরণ (বাংলা)"
            hint={i18n._("Description in Bangla, optional; empty shows the English")}
            error={shown(errors.descriptionBn?.message)}
          >
            <Textarea id="p-description-bn" lang="bn" {...register("descriptionBn")} />
          </Field>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" className="h-4 w-4 accent-brand-500" {...register("isActive")} />
            {i18n._("Visible in the shop")}
          </label>

          <fieldset className="space-y-3 rounded-md border border-stone-200 p-3">
            <legend className="px-1 text-sm font-semibold">{i18n._("Variants and stock")}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                id="p-colors"
                label={i18n._("Colours")}
                hint={i18n._("Comma separated, e.g. Black, Navy")}
              >
                <Input id="p-colors" {...register("colors")} />
              </Field>
              <Field
                id="p-sizes"
                label={i18n._("Sizes")}
                hint={i18n._("Comma separated, e.g. S, M, L, XL")}
              >
                <Input id="p-sizes" {...register("sizes")} />
              </Field>
            </div>
            {colors.length > 0 && sizes.length > 0 ? (
              <div className="overflow-x-auto">
                <table className="text-sm" data-testid="variant-grid">
                  <thead>
                    <tr>
                      <th className="px-2 py-1 text-left text-xs text-stone-500">
                        {i18n._("Colour \\ Size")}
                      </th>
                      {sizes.map((size) => (
                        <th key={size} className="px-2 py-1 text-xs font-semibold" translate="no">
                          {size}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {colors.map((color) => (
                      <tr key={color}>
                        <th scope="row" className="px-2 py-1 text-left font-medium" translate="no">
                          {color}
                        </th>
                        {sizes.map((size) => (
                          <td key={size} className="px-1 py-1">
                            <Input
                              aria-label={i18n._("Stock {color} {size}", { color, size })}
                              inputMode="numeric"
                              className="h-9 w-20 text-right"
                              value={stock[cellKey(color, size)] ?? ""}
                              placeholder="0"
                              onChange={(event) =>
                                setStock((current) => ({
                                  ...current,
                                  [cellKey(color, size)]: event.target.value.replace(/[^\d]/g, ""),
                                }))
                              }
                            />
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p className="text-sm text-stone-500">
                {i18n._("Enter colours and sizes to fill in the stock.")}
              </p>
            )}
            {colors.length > 0 && sizes.length > 0 && (
              <VariantCodesFields
                cells={colors.flatMap((color) =>
                  sizes.map((size) => ({ key: cellKey(color, size), color, size })),
                )}
                codes={codes}
                onChange={setCodes}
              />
            )}
            {errors.variants?.message && (
              <p role="alert" className="text-xs font-medium text-red-600">
                {serverText(errors.variants.message)}
              </p>
            )}
          </fieldset>

          <fieldset className="space-y-2 rounded-md border border-stone-200 p-3">
            <legend className="px-1 text-sm font-semibold">{i18n._("Images")}</legend>
            <p className="text-xs text-stone-600">
              {i18n._(
                "One photo per colour first, in the order of the colours (cards, cart lines and filtered listings show a colour by its photo); further photos are more views.",
              )}
            </p>
            <div className="flex flex-wrap gap-2">
              {existing.map((path, index) => (
                <div key={path} className="relative">
                  <img
                    src={imageUrl(path)}
                    alt={i18n._("Image {number}", { number: formatCount(index + 1) })}
                    className="h-20 w-16 rounded border border-stone-200 object-cover"
                  />
                  <PhotoColor colors={colors} index={index} />
                  <button
                    type="button"
                    aria-label={i18n._("Remove image {number}", {
                      number: formatCount(index + 1),
                    })}
                    className="absolute -top-2 -right-2 rounded-full bg-white p-0.5 shadow"
                    onClick={() =>
                      setExisting((current) => current.filter((item) => item !== path))
                    }
                  >
                    <X className="h-4 w-4" aria-hidden="true" />
                  </button>
                </div>
              ))}
              {files.map((entry, index) => (
                <div key={entry.url} className="relative" data-testid="image-preview">
                  <img
                    src={entry.url}
                    alt={i18n._("New image {number}", { number: formatCount(index + 1) })}
                    className="h-20 w-16 rounded border-2 border-brand-500 object-cover"
                  />
                  <PhotoColor colors={colors} index={existing.length + index} />
                  <button
                    type="button"
                    aria-label={i18n._("Remove new image {number}", {
                      number: formatCount(index + 1),
                    })}
                    className="absolute -top-2 -right-2 rounded-full bg-white p-0.5 shadow"
                    onClick={() => setFiles((current) => current.filter((item) => item !== entry))}
                  >
                    <X className="h-4 w-4" aria-hidden="true" />
                  </button>
                </div>
              ))}
              {existing.length + files.length < MAX_PRODUCT_IMAGES && (
                <label className="flex h-20 w-16 cursor-pointer flex-col items-center justify-center rounded border border-dashed border-stone-400 text-xs text-stone-600 hover:bg-stone-50">
                  <ImagePlus className="h-5 w-5" aria-hidden="true" />
                  {i18n._("Add")}
                  <input
                    type="file"
                    accept={IMAGE_ACCEPT}
                    multiple
                    className="sr-only"
                    aria-label={i18n._("Add images")}
                    onChange={(event) => {
                      addFiles(event.target.files);
                      event.target.value = "";
                    }}
                  />
                </label>
              )}
            </div>
            <p className="text-xs text-stone-500">
              {i18n._("JPEG, PNG, WebP or GIF, at most 5 MB each, up to {count}.", {
                count: formatCount(MAX_PRODUCT_IMAGES),
              })}
            </p>
            {errors.images?.message && (
              <p role="alert" className="text-xs font-medium text-red-600">
                {serverText(errors.images.message)}
              </p>
            )}
          </fieldset>
          {errors.root?.message && (
            <p role="alert" className="text-sm font-medium text-red-600">
              {serverText(errors.root.message)}
            </p>
          )}
          <FormActions
            onCancel={onClose}
            submitting={save.pending}
            submitLabel={editing ? i18n._("Save product") : i18n._("Create product")}
          />
        </form>
        {product && <EntityHistory entity="product" id={product._id} />}
      </DialogContent>
    </Dialog>
  );
}
