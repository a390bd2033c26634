import { lazyModule } from '../../hooks/use-lazy-module';

/*
 * The Radix-based halves of the overlays. Every page has some overlay (the error dialog, the
 * toasts, the shell's menus and drawer), but none is open when a page first renders, so their code
 * is not part of any page's first load: each light wrapper fetches it when the browser is idle or
 * when it is first opened, whichever comes first.
 */
export const dialogPanelModule = lazyModule(() => import('./dialog-panel'));
export const modalOverlayModule = lazyModule(() => import('./modal-overlay'));
export const menuButtonModule = lazyModule(() => import('./menu-button'));
export const toastViewportModule = lazyModule(() => import('./toast-viewport'));
