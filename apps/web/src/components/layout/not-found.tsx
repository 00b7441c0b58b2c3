export function NotFound() {
  return <p className="p-6 text-muted-foreground">Not Found</p>;
}
