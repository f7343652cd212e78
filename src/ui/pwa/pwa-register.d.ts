// Types of vite-plugin-pwa's `virtual:pwa-register` (its vanilla-JS flavour; `vite-plugin-pwa/client`
// would also pull in the Vue/Svelte/… flavours, whose frameworks the app does not have).
/// <reference types="vite-plugin-pwa/vanillajs" />
