import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function HomeLink() {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to="/dashboard">
        <ArrowLeft aria-hidden="true" />
        Back to the dashboard
      </Link>
    </Button>
  );
}
