import { useAuthStore } from '../lib/auth-store';
import { useErrorDialogStore } from '../lib/error-dialog-store';
import { queryClient } from '../lib/query-client';
import { useUiStore } from '../lib/ui-store';
import { useToastStore } from '../components/ui/toast';
import { resetAnalytics } from '../lib/analytics';

/** Put every global store back to its first-load state. */
export function resetStores(): void {
  localStorage.clear();
  sessionStorage.clear();
  useAuthStore.setState({ initialised: false, authenticated: false, user: null, profileLoadFailed: false, restoring: null });
  useErrorDialogStore.setState({ payload: null });
  useUiStore.setState({ mobileMenuOpen: false, sidebars: { chat: false }, notificationsOpen: false });
  useToastStore.setState({ toasts: [] });
  queryClient.clear();
  resetAnalytics();
}
