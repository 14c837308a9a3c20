/**
 * oidc-provider's storage adapter, in memory (the sandbox keeps all state
 * in memory): sessions, interactions, codes, tokens and grants, each expiring.
 */
type Payload = Record<string, any>;

export function memoryAdapterFactory(): new (model: string) => object {
  const all = new Map<string, { payload: Payload; expiresAt?: number }>();
  const byGrant = new Map<string, Set<string>>();
  return class MemoryAdapter {
    constructor(readonly model: string) {}
    key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: Payload, expiresIn?: number) {
      all.set(this.key(id), {
        payload,
        expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : undefined,
      });
      if (payload.grantId) {
        if (!byGrant.has(payload.grantId)) byGrant.set(payload.grantId, new Set());
        byGrant.get(payload.grantId)!.add(this.key(id));
      }
    }
    async find(id: string) {
      const e = all.get(this.key(id));
      if (!e) return undefined;
      if (e.expiresAt && e.expiresAt < Date.now()) {
        all.delete(this.key(id));
        return undefined;
      }
      return e.payload;
    }
    async findByUid(uid: string) {
      for (const [k, e] of all)
        if (k.startsWith(`${this.model}:`) && e.payload.uid === uid)
          return this.find(k.slice(this.model.length + 1));
      return undefined;
    }
    async findByUserCode(userCode: string) {
      for (const [k, e] of all)
        if (k.startsWith(`${this.model}:`) && e.payload.userCode === userCode)
          return this.find(k.slice(this.model.length + 1));
      return undefined;
    }
    async consume(id: string) {
      const e = all.get(this.key(id));
      if (e) e.payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      all.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const k of byGrant.get(grantId) ?? []) all.delete(k);
      byGrant.delete(grantId);
    }
  };
}
