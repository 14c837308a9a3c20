import { useApi } from '@backstage/core-plugin-api';
import Button from '@material-ui/core/Button';
import CircularProgress from '@material-ui/core/CircularProgress';
import Menu from '@material-ui/core/Menu';
import MenuItem from '@material-ui/core/MenuItem';
import ListItemText from '@material-ui/core/ListItemText';
import LinkIcon from '@material-ui/icons/Link';
import type {
  StageLinksResponse,
  StageSummary,
} from '@kargo-backstage/plugin-kargo-common';
import { useState } from 'react';
import { kargoApiRef } from '../../api';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

/** Links drawn in the menu: the backend keeps a Stage's first 100 too. */
const MAX_MENU_LINKS = 100;

type State =
  | { kind: 'closed' }
  | { kind: 'loading' }
  | { kind: 'loaded'; answer: StageLinksResponse }
  | { kind: 'failed'; message: string };

/**
 * "Links": the Stage's links as Kargo resolves them (ClusterConfig and
 * ProjectConfig), asked of Kargo when opened, never on a page view. Kargo
 * failing leaves "Links not available" here only.
 */
export function StageLinksButton(props: { stage: StageSummary }) {
  const { stage } = props;
  const api = useApi(kargoApiRef);
  const { t } = useKargoTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [state, setState] = useState<State>({ kind: 'closed' });
  if (!api.getStageLinks) return null;
  const getStageLinks = api.getStageLinks.bind(api);

  const open = async (target: HTMLElement) => {
    setAnchor(target);
    if (state.kind === 'loaded') return;
    setState({ kind: 'loading' });
    try {
      const answer = await getStageLinks({
        instance: stage.instance,
        project: stage.project,
        stage: stage.name,
      });
      setState({ kind: 'loaded', answer });
    } catch (error) {
      setState({ kind: 'failed', message: (error as Error)?.message ?? '' });
    }
  };

  const items = () => {
    if (state.kind === 'loading' || state.kind === 'closed') {
      return (
        <MenuItem disabled>
          <CircularProgress size={16} style={{ marginRight: 8 }} />
          {t('links.loading')}
        </MenuItem>
      );
    }
    if (state.kind === 'failed') {
      return (
        <MenuItem disabled title={state.message}>
          {t('links.unavailable')}
        </MenuItem>
      );
    }
    if (state.answer.links.length === 0) {
      return <MenuItem disabled>{t('links.empty')}</MenuItem>;
    }
    return state.answer.links.slice(0, MAX_MENU_LINKS).map(link => (
      <MenuItem
        key={`${link.title}|${link.url}`}
        component="a"
        href={link.url}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => setAnchor(null)}
      >
        <ListItemText primary={link.title} secondary={link.description} />
      </MenuItem>
    ));
  };

  return (
    <>
      <Button
        size="small"
        startIcon={<LinkIcon />}
        aria-haspopup="menu"
        aria-label={t('links.buttonLabel', { stage: stage.name })}
        onClick={event => open(event.currentTarget)}
      >
        {t('links.button')}
      </Button>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        keepMounted={false}
      >
        {items()}
      </Menu>
    </>
  );
}
