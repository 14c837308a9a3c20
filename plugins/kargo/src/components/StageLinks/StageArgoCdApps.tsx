import Chip from '@material-ui/core/Chip';
import type { StageSummary } from '@kargo-backstage/plugin-kargo-common';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

const GOOD = new Set(['Healthy', 'Synced']);
const BAD = new Set(['Degraded', 'Missing', 'OutOfSync']);

/**
 * The Argo CD Applications a Stage updates, each with the health and sync
 * state Kargo last saw, linked to Argo CD when its URL is configured. From
 * the Stage view (the watch snapshot): no request of its own.
 */
export function StageArgoCdApps(props: { stage: StageSummary }) {
  const { t } = useKargoTranslation();
  const apps = props.stage.argoCdApps ?? [];
  if (apps.length === 0) return null;
  return (
    <span role="list" aria-label={t('links.argoCdApps')}>
      {apps.map(app => {
        const health = app.health ?? t('links.notChecked');
        const sync = app.sync ?? t('links.notChecked');
        const states = [app.health, app.sync];
        const color = states.some(s => s && BAD.has(s))
          ? 'secondary'
          : 'default';
        const label = t('links.argoCdApp', { name: app.name, health, sync });
        return (
          <span key={`${app.namespace}/${app.name}`} role="listitem">
            <Chip
              size="small"
              variant={
                states.every(s => s && GOOD.has(s)) ? 'outlined' : 'default'
              }
              color={color}
              label={label}
              {...(app.url
                ? {
                    component: 'a',
                    href: app.url,
                    target: '_blank',
                    rel: 'noopener noreferrer',
                  }
                : {})}
              style={{ marginRight: 4 }}
            />
          </span>
        );
      })}
    </span>
  );
}
