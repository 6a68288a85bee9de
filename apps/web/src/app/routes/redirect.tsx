import { Navigate } from 'react-router';

export const ToOrganizationContact = () => <Navigate to="/settings/organization/contact" replace />;
