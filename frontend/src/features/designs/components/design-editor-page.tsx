import { useParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { useDesign } from '../api/get-design';
import { parseDesignId } from '../lib/design-id';
import { DesignEditor } from './design-editor';

function DesignNotFound() {
  return (
    <p role="alert" data-testid="design-not-found">
      Design not found: it does not exist or is not shared with you.
    </p>
  );
}

export function DesignEditorPage() {
  const { id } = useParams();
  const designId = parseDesignId(id);
  // A route id that is not a design id (/designs/abc) is not found without asking the API.
  const design = useDesign(designId);
  if (designId === null) return <DesignNotFound />;
  if (design.isPending) return <Loading what="the design" />;
  if (design.error instanceof ApiError && design.error.status === 404) return <DesignNotFound />;
  if (design.isError) return <ErrorMessage error={design.error} />;
  // A new version from the server (save, restore, reload) starts the form afresh.
  return <DesignEditor key={`${design.data.id}-${design.data.version}`} design={design.data} />;
}
