/** Chromium's flags for the journeys and the benches that open a page (chromium-args.mjs). */
export declare const CHROMIUM_ARGS: string[];
