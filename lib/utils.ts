import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

// tailwind-merge builds its class map on its first call (≈ 15–30 ms on a slow machine). In the browser that call was
// a component's render inside hydration, making one of its slices a long task; a timer set while the modules load
// runs it in a task of its own first, between the page's start-up tasks (issue 41, blocking time).
if (typeof window !== "undefined") setTimeout(() => twMerge("p-0"), 0);
