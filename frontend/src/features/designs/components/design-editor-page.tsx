import { useParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { useDesign } from '../api/get-design';
import { DesignEditor } from './design-editor';

export function DesignEditorPage() {
  const { id } = useParams();
  const designId = Number(id);
  const design = useDesign(designId);
  if (!Number.isInteger(designId)) return <p role="alert">Design not found.</p>;
  if (design.isPending) return <Loading what="the design" />;
  if (design.error instanceof ApiError && design.error.status === 404) {
    return (
      <p role="alert" data-testid="design-not-found">
        Design not found: it does not exist or is not shared with you.
      </p>
    );
  }
  if (design.isError) return <ErrorMessage error={design.error} />;
  // A new version from the server (save, restore, reload) starts the form afresh.
  return <DesignEditor key={`${design.data.id}-${design.data.version}`} design={design.data} />;
}
