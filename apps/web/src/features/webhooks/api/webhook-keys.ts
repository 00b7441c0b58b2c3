/** Every webhook query key starts here, so one prefix invalidates the whole family. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  lists: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (id: number) => [...webhookKeys.all, 'deliveries', id] as const,
};
