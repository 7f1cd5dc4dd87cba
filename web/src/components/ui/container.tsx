import { MAX_PAGE_WIDTH_PX } from "@atelier/contract";
import type { ComponentPropsWithoutRef } from "react";

/** Centres content at the shop's maximum page width (spec §9). */
export function Container({ className = "", style, ...props }: ComponentPropsWithoutRef<"div">) {
  return (
    <div
      className={`mx-auto w-full px-4 sm:px-6 lg:px-8 ${className}`}
      style={{ maxWidth: MAX_PAGE_WIDTH_PX, ...style }}
      {...props}
    />
  );
}
