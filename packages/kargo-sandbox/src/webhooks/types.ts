/** What Kargo's admission webhooks see and may ask. */
import type { Principal } from '../kube/auth';
import type { KubeObject } from '../kube/store';
import type { ResourceAttributes } from '../rbac/rbac';

export interface WebhookRequest {
  operation: 'CREATE' | 'UPDATE';
  user: Pick<Principal, 'username' | 'groups'> & Partial<Principal>;
  obj: KubeObject;
  old?: KubeObject;
}

export interface WebhookContext {
  get(plural: string, namespace: string | undefined, name: string): KubeObject | undefined;
  list(plural: string, namespace?: string): KubeObject[];
  /** A SubjectAccessReview for the writer. */
  allows(user: WebhookRequest['user'], a: ResourceAttributes): boolean;
  isControlPlane(username: string): boolean;
}
