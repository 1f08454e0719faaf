import { useLingui } from "@lingui/react";
import { cn } from "~/lib/utils";

/** A circular spinner; defaults from the spec: size 40, thickness 3.6. */
export function Spinner({
  size = 40,
  thickness = 3.6,
  className,
  label,
}: {
  size?: number;
  thickness?: number;
  className?: string;
  label?: string;
}) {
  const { i18n } = useLingui();
  const radius = 22 - thickness / 2;
  return (
    <span
      role="status"
      aria-label={label ?? i18n._("Loading")}
      className={cn("inline-flex text-brand-500", className)}
    >
      <svg
        width={size}
        height={size}
        viewBox="22 22 44 44"
        className="animate-spin"
        aria-hidden="true"
      >
        <circle
          cx="44"
          cy="44"
          r={radius}
          fill="none"
          stroke="currentColor"
          strokeWidth={thickness}
          strokeDasharray="80 200"
          strokeLinecap="round"
        />
      </svg>
    </span>
  );
}
